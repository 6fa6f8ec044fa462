// The reference model of the delivery queue test: which hosts are down, and per host the messages its
// HOST_DOWN alerts have queued for the webhook, in order (an alert opens with `alert.open` and, once its
// host is up again, ends with `alert.close`). What the receiver must hold once every queued message has gone
// through: exactly these, in this order, each alert's retries of one message side by side.

export type EventKind = 'alert.open' | 'alert.close';

export interface DeliveryModel {
  down: boolean[];
  // Per host, per alert (oldest first), its messages.
  queued: EventKind[][][];
  // Refusals scripted at the receiver and not yet used up.
  refusalsLeft: number;
}

export function newDeliveryModel(hosts: number): DeliveryModel {
  return {
    down: Array.from({ length: hosts }, () => false),
    queued: Array.from({ length: hosts }, () => []),
    refusalsLeft: 0,
  };
}

// A report of the host's state: down opens an alert, up closes the open one; no change, nothing.
export function reportHost(model: DeliveryModel, host: number, down: boolean): void {
  if (model.down[host] === down) return;
  model.down[host] = down;
  if (down) model.queued[host].push(['alert.open']);
  else model.queued[host][model.queued[host].length - 1].push('alert.close');
}

// What the receiver got for one host's alerts (ordered by alert), each alert's retries of a message
// folded into one: must equal `queued` once all went through, and be a prefix of it per alert meanwhile.
export function folded(received: EventKind[][]): EventKind[][] {
  return received.map((events) =>
    events.filter((event, index) => index === 0 || events[index - 1] !== event),
  );
}

export function isPrefix(got: EventKind[], of: EventKind[]): boolean {
  return got.length <= of.length && got.every((event, index) => of[index] === event);
}
