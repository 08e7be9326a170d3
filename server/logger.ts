import pino from 'pino';

export function createLogger(level: string) {
  return pino({ level, base: { service: 'game-hall' }, timestamp: pino.stdTimeFunctions.isoTime });
}
