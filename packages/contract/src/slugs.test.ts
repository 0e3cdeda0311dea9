import { describe, expect, it } from 'vitest';
import { isValidSlug } from './groups-rules';
import { slugifyGroupName } from './slugs';

/** Issue 13 §10: a community named in any of these scripts gets a readable slug, not "community". */
describe('slugifyGroupName in every script', () => {
  it.each([
    ['Chinese', '北京读书会', 'bei-jing-du-shu-hui'],
    ['Japanese', 'コーヒー好き', 'kohihao-ki'],
    ['Japanese kana and kanji', '東京の写真クラブ', 'dong-jing-noxie-zhen-kurabu'],
    ['Korean', '서울 사진 동호회', 'seoul-sajin-donghohoe'],
    ['Thai', 'ชมรมหนังสือ', 'chmrmhnangsuue'],
    ['Arabic', 'نادي الكتاب', 'ndy-lktb'],
    ['Hebrew', 'מועדון ספר', 'mv-dvn-spr'],
    ['Cyrillic', 'Книжный клуб', 'knizhnyi-klub'],
    ['Greek', 'Λέσχη Βιβλίου', 'leschi-vivlioy'],
    ['Latin with accents', 'Ça ira, Señor Ærø', 'ca-ira-senor-aero'],
    ['Devanagari', 'हिंदी पुस्तक क्लब', 'hindii-pustk-klb'],
  ])('%s: %s → %s', (_script, name, slug) => {
    expect(slugifyGroupName(name)).toBe(slug);
    expect(isValidSlug(slug)).toBe(true);
  });

  it('spells a name mixing scripts word by word', () => {
    expect(slugifyGroupName('Tokyo 東京 Club')).toBe('tokyo-dong-jing-club');
    expect(slugifyGroupName('北京Club')).toBe('bei-jing-club');
  });

  it('keeps a combining accent with its Latin letter', () => {
    expect(slugifyGroupName('Cafe\u0301s')).toBe('cafes');
  });

  it('still falls back to "community" when nothing can be spelled', () => {
    expect(slugifyGroupName('🔥 ✨')).toBe('community');
  });
});
