/** The phone's thread names every author the server writes in the turn log (issue 37/39). */
import { describe, expect, it } from 'vitest';
import { AUTHOR_LABELS } from '../../../src/domain/conversation-reply';
import type { Turn } from './conversation-log';

describe('the thread names every author the server logs', () => {
  it('has a Portuguese label for each, the order messages too', () => {
    // Typed against the turn log: a new author there fails the typecheck here.
    const labels: Record<Turn['author'], string> = AUTHOR_LABELS;
    expect(labels.order).toBe('Pedido');
    for (const label of Object.values(labels)) expect(label).toMatch(/^[A-ZÀ-Ú]/);
  });
});
