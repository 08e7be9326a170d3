/** What the push channel offers the composition root: the process's hub of open streams. */
export { createPushHub, type PushHub } from './service';
