/**
 * Reordering photos by dragging them (pointer events: a finger, a pen or a mouse). The photo
 * follows the pointer; where it is let go, the nearest place (by the tiles' centres when the drag
 * began) becomes its place. A press that barely moves is not a drag. The arrows stay, for the
 * keyboard and screen readers.
 */
import { type PointerEvent, useRef, useState } from 'react';

/** Below this many pixels a press is a tap, not a drag. */
const DRAG_START_PX = 8;

type Drag = { id: string; from: number; dx: number; dy: number; over: number; moved: boolean };
type Start = { x: number; y: number; centres: { x: number; y: number }[] };

export type DragHandlers = {
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerMove(event: PointerEvent<HTMLElement>): void;
  onPointerUp(event: PointerEvent<HTMLElement>): void;
  onPointerCancel(): void;
};

function nearest(centres: Start['centres'], x: number, y: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [i, c] of centres.entries()) {
    const distance = (c.x - x) ** 2 + (c.y - y) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  }
  return best;
}

export function usePhotoDrag(onDrop: (id: string, to: number) => void) {
  const list = useRef<HTMLUListElement>(null);
  const start = useRef<Start | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const handlers = (id: string, index: number): DragHandlers => ({
    onPointerDown(event) {
      if (event.button !== 0 || !list.current) return;
      try {
        // The moves keep coming to this photo when the finger leaves it.
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone (lifted at once): the drag ends with its pointerup.
      }
      const centres = [...list.current.children].map((tile) => {
        const r = tile.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
      start.current = { x: event.clientX, y: event.clientY, centres };
      setDrag({ id, from: index, dx: 0, dy: 0, over: index, moved: false });
    },
    onPointerMove(event) {
      const origin = start.current;
      if (!origin || drag?.id !== id) return;
      const dx = event.clientX - origin.x;
      const dy = event.clientY - origin.y;
      const moved = drag.moved || Math.hypot(dx, dy) > DRAG_START_PX;
      const over = moved ? nearest(origin.centres, event.clientX, event.clientY) : drag.from;
      setDrag({ ...drag, dx, dy, over, moved });
    },
    onPointerUp() {
      if (drag?.id === id && drag.moved && drag.over !== drag.from) onDrop(id, drag.over);
      start.current = null;
      setDrag(null);
    },
    onPointerCancel() {
      start.current = null;
      setDrag(null);
    },
  });

  return { list, drag, handlers };
}
