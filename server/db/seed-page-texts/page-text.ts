/** One seeded page in one language; the body is plain text, paragraphs separated by one blank line. */
export interface PageText {
  title: string;
  body: string;
}

export const paragraphs = (...lines: string[]) => lines.join('\n\n');
