import { z } from 'zod';
import { idSchema, requiredText } from './common.js';

export const ROOM_NAME_MAX = 100;
export const ROOM_CAPACITY_MAX = 1000;

export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  branch_id: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

/** Spec §5 "Room name required"; capacity a positive whole number. */
export const roomInputSchema = z.object({
  name: requiredText(ROOM_NAME_MAX),
  capacity: z.number().int().min(1).max(ROOM_CAPACITY_MAX),
});
export type RoomInput = z.infer<typeof roomInputSchema>;

export const roomCreateSchema = roomInputSchema.extend({ branch_id: idSchema });
export type RoomCreate = z.infer<typeof roomCreateSchema>;

/** Spec §7: "POST /room (returns id and name)". */
export const roomCreatedSchema = roomSchema.pick({ id: true, name: true });
