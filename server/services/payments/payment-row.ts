/** A payments row as the payment services pass it around. */
import type { payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
