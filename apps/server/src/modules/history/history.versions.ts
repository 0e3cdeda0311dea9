import type { EditHistoryResponse, EditVersion } from '@agora/contract';
import type { EditRow } from './history.queries';

/** Who wrote a version and when. */
type Writer = { userId: number | null; username: string | null; profileImage: string | null; date: string };

/** The item as it is today: its text (and title) and the person who first wrote it, with the time. */
export type CurrentItem = { title: string | null; content: string; original: Writer };

const writerOf = (edit: EditRow): Writer => ({
  userId: edit.editorId,
  username: edit.username,
  profileImage: edit.profileImage,
  date: edit.editedAt,
});

function version(number: number, text: { title: string | null; content: string }, writer: Writer, current: boolean): EditVersion {
  return {
    version: number,
    title: text.title,
    content: text.content,
    user_id: writer.userId,
    username: writer.username,
    profileImage: writer.profileImage,
    date: writer.date,
    current,
  };
}

/**
 * Every version of an item, newest first (issue 15 §1). Edit row j (newest first) holds the text before that edit;
 * the text it replaced was written by the edit before it (row j+1), or, for the oldest, by the original author.
 * When only the newest rows were read, versions whose writer is not among them are left out.
 */
export function versionsOf(item: CurrentItem, edits: EditRow[]): EditHistoryResponse {
  const total = edits[0]?.total ?? 0;
  const versions = [version(total + 1, item, edits[0] ? writerOf(edits[0]) : item.original, true)];
  for (let j = 0; j < edits.length; j++) {
    const producer = j + 1 < edits.length ? writerOf(edits[j + 1]!) : j + 1 === total ? item.original : null;
    if (!producer) break;
    versions.push(version(total - j, edits[j]!, producer, false));
  }
  return { versions };
}
