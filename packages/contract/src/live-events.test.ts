import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS, liveRoomName, parseLiveRoom } from './live-events';
import { liveAckSchema, likeCountPayloadSchema } from './events';

describe('live rooms', () => {
  it('reads group, discussion and blog rooms with a positive int4 id', () => {
    expect(parseLiveRoom('group:12')).toEqual({ kind: 'group', id: 12 });
    expect(parseLiveRoom('discussion:1')).toEqual({ kind: 'discussion', id: 1 });
    expect(parseLiveRoom('blog:2147483647')).toEqual({ kind: 'blog', id: 2147483647 });
    expect(parseLiveRoom(liveRoomName('group', 7))).toEqual({ kind: 'group', id: 7 });
  });

  it('refuses anything else', () => {
    for (const bad of [
      'group:0',
      'group:01',
      'group:2147483648',
      'user:1',
      'home:1',
      'group:',
      'group:1 ',
      'GROUP:1',
      '',
      12,
      null,
      undefined,
      {},
      'x'.repeat(LIVE_LIMITS.roomMax + 1),
    ]) {
      expect(parseLiveRoom(bad)).toBeNull();
    }
  });

  it('acks and like counts parse', () => {
    expect(liveAckSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(liveAckSchema.safeParse({ ok: false }).success).toBe(false);
    expect(likeCountPayloadSchema.parse({ target: 'blog', id: 3, group_id: 1, blog_id: 3, count: 2 }).count).toBe(2);
  });
});
