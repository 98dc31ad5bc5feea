/**
 * The user rows other areas read, and the session user they answer.
 * Other areas import only what this file exports; everything else in the folder is private.
 */
export { findUserByEmail, findUserById, isUsernameTaken, uniqueViolation } from './repository';
export { toSessionUser, type SessionUserRow } from './serialize';
