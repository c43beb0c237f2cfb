import { createHash, createHmac } from 'node:crypto';
import { SignJWT } from 'jose';

declare module 'fastify' {
  interface FastifyInstance {
    meetingRooms: MeetingRooms;
  }
}

/** A lesson's room: whose group it is and which day. */
export interface RoomKey {
  companyId: number;
  groupId: number;
  date: string;
}

/**
 * Room names that cannot be guessed (issue 19): company, group and day in the clear, so a name leads back to its
 * lesson, and a signature that only this server can make, so nobody reaches another lesson's room by changing a
 * number — on an open Jitsi server the name is the only lock.
 */
export class MeetingRooms {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`meeting-rooms:${secret}`).digest();
  }

  private signature(room: RoomKey): string {
    return createHmac('sha256', this.key)
      .update(`${room.companyId}:${room.groupId}:${room.date}`)
      .digest('base64url')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 12);
  }

  nameOf(room: RoomKey): string {
    return `c${room.companyId}-g${room.groupId}-d${room.date.replaceAll('-', '')}-${this.signature(room)}`;
  }

  /** The lesson a name stands for, if this server made it. */
  parse(name: string): RoomKey | null {
    const match = /^c(\d+)-g(\d+)-d(\d{4})(\d{2})(\d{2})-([a-z0-9]+)$/.exec(name);
    if (!match) return null;
    const room = {
      companyId: Number(match[1]),
      groupId: Number(match[2]),
      date: `${match[3]}-${match[4]}-${match[5]}`,
    };
    return this.signature(room) === match[6] ? room : null;
  }
}

/** Jitsi's Prosody token authentication: one person's token for one room, signed with the shared secret. */
export function roomToken(
  server: { url: string; appId: string; appSecret: string },
  room: string,
  user: { id: number; name: string; moderator: boolean },
  now: Date,
): Promise<string> {
  const issued = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    room,
    context: { user: { id: String(user.id), name: user.name, moderator: user.moderator } },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(server.appId)
    .setIssuer(server.appId)
    .setSubject(new URL(server.url).hostname)
    .setIssuedAt(issued)
    .setNotBefore(issued - 60)
    .setExpirationTime(issued + 4 * 3600)
    .sign(new TextEncoder().encode(server.appSecret));
}
