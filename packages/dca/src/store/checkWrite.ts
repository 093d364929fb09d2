import type { DcaWrite } from './DcaStore.js';
import { checkFillRecord, checkOrderRecord } from './checkRecords.js';
import { FILL_STATUSES, integer, invalid, ORDER_STATUSES, oneOf, text } from './storeInput.js';

/** Checks a {@link DcaWrite} before any of it is written (the fills belong to the order, slots are distinct…). */
export function checkWrite(write: DcaWrite): DcaWrite {
  if (typeof write !== 'object' || write === null) throw invalid('write');
  const order = checkOrderRecord(write.order);
  if (typeof write.expected !== 'object' || write.expected === null) throw invalid('expected state');
  oneOf(write.expected.status, ORDER_STATUSES, 'expected status');
  integer(write.expected.version, 'expected version', 1);
  const slots = new Set<number>();
  for (const fill of write.insertFills ?? []) {
    checkFillRecord(fill);
    if (fill.orderId !== order.id) throw invalid('inserted fill', 'belongs to another order');
    if (fill.slot >= order.nextSlot) throw invalid('inserted fill', 'slot not yet reached by the order');
    if (slots.has(fill.slot)) throw invalid('inserted fills', `slot ${fill.slot} twice`);
    slots.add(fill.slot);
  }
  if (write.updateFill !== undefined) {
    checkFillRecord(write.updateFill.fill);
    if (write.updateFill.fill.orderId !== order.id) throw invalid('updated fill', 'belongs to another order');
    oneOf(write.updateFill.expectedStatus, FILL_STATUSES, 'expected fill status');
    if (slots.has(write.updateFill.fill.slot)) throw invalid('write', 'inserts and updates the same fill');
  }
  if (write.releaseLeaseOf !== undefined) text(write.releaseLeaseOf, 'lease owner');
  return write;
}
