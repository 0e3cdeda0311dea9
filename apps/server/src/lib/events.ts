import { EventEmitter } from 'node:events';
import type { LiveEvent } from './live-events';

/** What services announce after their change is committed; plugins (realtime, later notifications) listen. */
export type AppEventMap = {
  /** A session stopped being valid (logout): its sockets must go at once. */
  sessionEnded: [sessionId: number];
  /** Two users became friends (true) or stopped being friends (false): presence lists change for both. */
  friendshipChanged: [userA: number, userB: number, friends: boolean];
  /** A live update (issue 17 §1) to push to the rooms of what pages show (modules/live). */
  live: [event: LiveEvent];
  /**
   * Who may read a community, or who is its member, may have changed (leave, kick, ban, join, privacy): the live
   * rooms of `userId` (or, with null, of everyone in the community's rooms) are checked again and left if no longer
   * allowed.
   */
  liveAccessChanged: [groupId: number, userId: number | null];
};

/** A typed in-process event hub: services emit after commit, never before, so listeners see committed state. */
export class AppEvents {
  private readonly emitter = new EventEmitter();

  on<K extends keyof AppEventMap>(event: K, listener: (...args: AppEventMap[K]) => void): () => void {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...args: unknown[]) => void);
  }

  emit<K extends keyof AppEventMap>(event: K, ...args: AppEventMap[K]): void {
    this.emitter.emit(event, ...args);
  }
}
