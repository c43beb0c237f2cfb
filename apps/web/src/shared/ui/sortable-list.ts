import {
  type Announcements,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * What the app's sortable lists (a course syllabus, a form's fields, a landing page's blocks) share: the same
 * hands (a mouse moved 6 px, a finger held 250 ms so a page still scrolls, the keyboard) and the same words for a
 * screen reader as an item is picked up, carried, dropped or put back.
 */
export function useListSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

export type DragStep = 'picked' | 'over' | 'dropped' | 'cancelled';

/**
 * The announcements of a list: `say` words a step in the list's own messages (`{feature}.dnd.{step}`) for the
 * item's name and, while over or dropped, its place (1-based).
 */
export function listAnnouncements(
  say: (step: DragStep, name: string, place?: number) => string,
  nameOf: (id: UniqueIdentifier) => string,
  placeOf: (id: UniqueIdentifier) => number,
): Announcements {
  return {
    onDragStart: ({ active }) => say('picked', nameOf(active.id)),
    onDragOver: ({ active, over }) => (over ? say('over', nameOf(active.id), placeOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) =>
      over ? say('dropped', nameOf(active.id), placeOf(over.id)) : say('cancelled', nameOf(active.id)),
    onDragCancel: ({ active }) => say('cancelled', nameOf(active.id)),
  };
}
