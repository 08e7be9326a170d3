/** Every test player's password. tests/api/global-setup.ts hashes it once per run for seeded players. */
export const playerPassword = 'Maple leaf 2026!';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The argon2 hash of playerPassword, which seeded players get without hashing it again. */
    playerPasswordHash: string;
  }
}
