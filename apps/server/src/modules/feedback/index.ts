/*
 * The feedback module's public face: the operations and reads other modules may use. Files
 * outside modules/feedback/ import only this file (modules/boundaries.test.ts checks it). No other
 * module needs anything of it yet; the route registry registers its routes.
 */
export { registerFeedbackRoutes } from './routes';
