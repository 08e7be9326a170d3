/**
 * The offline page's script (/offline.js, built by scripts/vite-app-shell.ts): the page holds every
 * language's text, and this shows the player's (the one the portal stored, else the browser's, else
 * Japanese). The page tries again when asked and as soon as the browser is back online; shown while
 * the browser says it is online (the portal did not answer, or the network came back a moment after
 * the browser said so), it tries again every few seconds.
 */

const sections = [...document.querySelectorAll<HTMLElement>('section[lang]')];
const stored = localStorage.getItem('lang');
const wanted = [stored, ...navigator.languages].filter((tag): tag is string => Boolean(tag));
const chosen =
  wanted
    .map((tag) => tag.toLowerCase())
    .flatMap((tag) => {
      const exact = sections.find((section) => section.lang.toLowerCase() === tag);
      const sameLanguage = sections.find((section) => section.lang.toLowerCase().split('-')[0] === tag.split('-')[0]);
      return exact ?? sameLanguage ?? [];
    })[0] ?? sections[0];

if (chosen) {
  for (const section of sections) section.hidden = section !== chosen;
  document.documentElement.lang = chosen.lang;
  document.title = chosen.dataset.title ?? document.title;
}

for (const button of document.querySelectorAll('[data-retry]')) {
  button.addEventListener('click', () => window.location.reload());
}
window.addEventListener('online', () => window.location.reload());
const retryWhileOnlineMs = 10_000;
if (navigator.onLine) setTimeout(() => window.location.reload(), retryWhileOnlineMs);

export {};
