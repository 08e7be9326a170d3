/** What the composition root wires of content: the cache of public content answers. */
export { createPublicContentCache, type PublicContentCache } from './public-cache';
