/**
 * Where the product's own studio serves its games. Its `token` query parameter is a game's launch
 * token, not a session, so the SPA does not adopt it as one (docs/requirements.md §4.1). A module of
 * its own: the home page's code reads it without the game contract's schemas.
 */
export const studioPlayPath = '/studio/play';
