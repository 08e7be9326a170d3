/** What auth offers other modules: deps, users, passwords, sign-in steps, pay passwords, app key codes, sessions. */
export { type AppKeyRow, appKeyOf, spendAppKeyCode } from './app-key-codes';
export { type AuthDeps, type AuthRequest, authRequestOf } from './context';
export { deviceOf, deviceRecognition } from './device-cookie';
export { passwordRefusal } from './password-changes';
export { hashSecret, passwordProblem } from './passwords';
export { checkPayPassword, payPasswordTriesLeft } from './pay-password';
export { endUserSessions } from './sessions';
export { checkPassword, openSession, refuseFrozen, signInCounters, signOut } from './sign-in';
export { findUserByAccount, findUserByEmail, findUserById, isUsernameTaken, type UserRow } from './users';
