/*
 * The member desk's public face (issue 19): the back office's member search, member page and
 * member actions. It reads other modules only through their faces; nothing calls it yet, so the
 * face is empty and the route registry (modules/index.ts) mounts ./routes.
 */
export {};
