/** One chaos step on the world (chaos-model.ts): a device's write, a sync, a fault, a restart. */
import { deleteCustomer, saveCustomer } from '../../src/db/customers-repo';
import { importProducts } from '../../src/db/product-import';
import { deleteProduct, saveProduct } from '../../src/db/products-repo';
import { saveSetting } from '../../src/db/settings-repo';
import { check, customerFields, type DeviceModel, productFields, same } from './chaos-checks';
import { CHAT_PHONES, isConversationOp } from './chaos-conversations';
import { eraseCustomer, isEraseOp } from './chaos-erase';
import type { Device } from './chaos-harness';
import { isLabelOp } from './chaos-labels';
import type { World } from './chaos-model';
import { NAMES, type Op, PEOPLE } from './chaos-ops';
import { isOrderOp } from './chaos-order-ops';

export async function applyOp(w: World, op: Op): Promise<void> {
  w.stats.ops++;
  w.trace.push(JSON.stringify(op));
  if (op.t === 'restart') {
    await w.server.restart();
    w.stats.restarts++;
    return w.afterStep();
  }
  if (isOrderOp(op)) {
    await w.orders.apply(op, w.devices);
    if (op.t === 'orderStatus' || op.t === 'orderPay') await w.devices[op.d]?.settle();
    await w.orders.advance();
    return w.afterStep();
  }
  if (isConversationOp(op)) {
    // Two phones reading and answering chats (chaos-conversations.ts).
    if ((await w.conversations.apply(op)) === 'skipped') w.stats.skipped++;
    // A new message: the phones online pull it (an open screen's poll, decision 025 "Device").
    if (op.t === 'customerWrites') {
      for (const [d, device] of w.devices.slice(0, CHAT_PHONES).entries()) {
        if (device.online) await w.sync(d);
      }
    }
    for (const d of w.devices) await d.settle();
    return w.afterStep();
  }
  if (isEraseOp(op)) {
    // The owner erases on the server (chaos-erase.ts); phones hear of it on their next pull.
    await eraseCustomer(w.server, w.owner, w.customerIds[op.slot] as string);
    return w.afterStep();
  }
  const device = w.devices[op.d] as Device;
  const model = w.models[op.d] as DeviceModel;
  if (isLabelOp(op)) {
    await w.labels.apply(op, device);
    await device.settle();
    return w.afterStep();
  }
  switch (op.t) {
    case 'addPhoto':
    case 'removePhoto':
    case 'placePhoto':
      if (!(await w.photos.apply(op))) w.stats.skipped++;
      break;
    case 'saveProduct': {
      const id = w.productIds[op.slot] as string;
      if (!(await w.writable(device, 'products', id))) {
        w.stats.skipped++;
        break;
      }
      w.claimed.add(id);
      const fields = {
        id,
        name: NAMES[op.name] as string,
        description: '',
        price: `${op.price}.00`,
        active: op.active,
      };
      model.written.set(id, productFields(fields));
      await device.guarded(() => saveProduct(fields, device.ctx));
      const row = await device.db.products.get(id);
      check(
        row !== undefined && same(productFields(row), productFields(fields)),
        'read-your-writes (product save)',
        { id, row },
      );
      break;
    }
    case 'deleteProduct':
    case 'deleteCustomer': {
      const products = op.t === 'deleteProduct';
      const id = (products ? w.productIds : w.customerIds)[op.slot] as string;
      const table = products ? device.db.products : device.db.customers;
      if (!(await table.get(id))) {
        w.stats.skipped++;
        break;
      }
      model.deletedHere.add(id);
      model.written.delete(id);
      await device.guarded(() =>
        products ? deleteProduct(id, device.ctx) : deleteCustomer(id, device.ctx),
      );
      break;
    }
    case 'saveCustomer': {
      const id = w.customerIds[op.slot] as string;
      if (!(await w.writable(device, 'customers', id))) {
        w.stats.skipped++;
        break;
      }
      w.claimed.add(id);
      const fields = { id, name: PEOPLE[op.name] as string, phone: w.phoneOf(op.slot) };
      model.written.set(id, customerFields(fields));
      await device.guarded(() => saveCustomer(fields, device.ctx));
      const row = await device.db.customers.get(id);
      check(
        row !== undefined && same(customerFields(row), customerFields(fields)),
        'read-your-writes (customer save)',
        { id, row },
      );
      break;
    }
    case 'import': {
      const rows: {
        id?: string;
        name: string;
        description: string;
        price: string;
        active: boolean;
      }[] = [];
      for (const slot of op.slots) {
        const id = w.productIds[slot] as string;
        const mode = await w.writable(device, 'products', id);
        if (!mode) continue;
        const existing = await device.db.products.get(id);
        const name = existing?.name ?? (NAMES[slot % NAMES.length] as string);
        // The device's CSV parser refuses a name twice in one file (src/domain/product-csv.ts).
        if (rows.some((r) => r.name === name)) continue;
        rows.push({
          id,
          name,
          description: 'importado',
          price: `${op.price}.50`,
          active: true,
        });
      }
      // A spreadsheet line without an id: matched by name, else a new product.
      const named = op.named === null ? null : (NAMES[op.named] as string);
      if (named && !rows.some((r) => r.name === named)) {
        rows.push({
          name: named,
          description: 'planilha',
          price: `${op.price}.90`,
          active: true,
        });
      }
      if (rows.length === 0) {
        w.stats.skipped++;
        break;
      }
      for (const r of rows) if (r.id) w.claimed.add(r.id);
      const before = new Set(await device.db.products.toCollection().primaryKeys());
      await device.guarded(() => importProducts(rows, () => {}, device.ctx));
      for (const r of await device.db.products.toArray()) {
        if (!before.has(r.id) && !w.productIds.includes(r.id)) {
          w.extraIds.add(r.id);
          w.claimed.add(r.id);
        }
        const imported = rows.find((x) => x.id === r.id || (!x.id && x.name === r.name));
        // A line without an id replaced one product of its name (the device picks which):
        // the one that now holds it.
        const line = imported && productFields({ ...imported, name: r.name });
        if (line && r.pending === 1 && same(productFields(r), line)) {
          model.written.set(r.id, line);
        }
      }
      break;
    }
    case 'setting':
      await device.guarded(() =>
        saveSetting(
          'bot-config',
          { botAtivo: op.on, botPersonalizacao: { tomVoz: `tom ${op.tone}` } } as never,
          device.ctx,
        ),
      );
      break;
    case 'online':
      device.online = op.on;
      if (op.on) await device.replay();
      break;
    case 'sync':
      await w.sync(op.d);
      break;
    case 'fault':
      // Armed on the wire: the device's next request (a page's send, a replay, a pull) meets it.
      w.stats.faults++;
      device.fault = op.fault === 'cut' ? { kind: 'cut', at: op.at } : { kind: op.fault };
      if (op.fault === 'kill') w.stats.kills++;
      if ((await device.queue.size()) > 0) await device.replay();
      break;
    case 'kill':
      await device.kill();
      w.stats.kills++;
      break;
  }
  await device.settle();
  await w.afterStep();
}
