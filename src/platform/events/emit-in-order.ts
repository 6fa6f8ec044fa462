import type { EventEmitter2 } from '@nestjs/event-emitter';

// Runs every listener of the channel (wildcard ones included) one after the other inside the caller's
// transaction, each awaited before the next starts, and rejects with the first failure. emitAsync starts
// them all at once and rejects at the first failure while the others still run: their later statements
// would then reach a connection whose transaction was already rolled back, and be committed on their own.
export async function emitInOrder(emitter: EventEmitter2, channel: string, payload: unknown): Promise<void> {
  for (const listener of emitter.listeners(channel)) {
    await (listener as (value: unknown) => unknown).call(emitter, payload);
  }
}
