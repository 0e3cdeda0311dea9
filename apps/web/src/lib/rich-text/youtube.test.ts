import { describe, expect, it } from 'vitest';
import { parseStartTime, parseYouTubeUrl, youtubeEmbedUrl } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeUrl', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, { id: ID, start: 0 }],
    [`http://youtube.com/watch?v=${ID}&list=PL123`, { id: ID, start: 0 }],
    [`https://m.youtube.com/watch?v=${ID}`, { id: ID, start: 0 }],
    [`https://music.youtube.com/watch?v=${ID}`, { id: ID, start: 0 }],
    [`www.youtube.com/watch?v=${ID}`, { id: ID, start: 0 }],
    [`https://youtu.be/${ID}`, { id: ID, start: 0 }],
    [`youtu.be/${ID}?si=abc`, { id: ID, start: 0 }],
    [`https://www.youtube.com/shorts/${ID}`, { id: ID, start: 0 }],
    [`https://www.youtube.com/embed/${ID}`, { id: ID, start: 0 }],
    [`https://www.youtube-nocookie.com/embed/${ID}`, { id: ID, start: 0 }],
    [`https://www.youtube.com/live/${ID}`, { id: ID, start: 0 }],
    [`https://youtu.be/${ID}?t=90`, { id: ID, start: 90 }],
    [`https://youtu.be/${ID}?t=90s`, { id: ID, start: 90 }],
    [`https://www.youtube.com/watch?v=${ID}&t=1h2m3s`, { id: ID, start: 3723 }],
    [`https://www.youtube.com/watch?v=${ID}&t=2m`, { id: ID, start: 120 }],
    [`https://www.youtube.com/embed/${ID}?start=42`, { id: ID, start: 42 }],
    [`https://www.youtube.com/watch?v=${ID}#t=1m5s`, { id: ID, start: 65 }],
  ])('%s', (url, expected) => {
    expect(parseYouTubeUrl(url)).toEqual(expected);
  });

  it.each([
    ['https://vimeo.com/123456'],
    [`https://notyoutube.com/watch?v=${ID}`],
    [`https://youtube.com.evil.io/watch?v=${ID}`],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/watch?v=<script>alert</script>'],
    [`https://www.youtube.com/channel/${ID}`],
    ['https://www.youtube.com/'],
    [`javascript:alert('https://youtu.be/${ID}')`],
    [`ftp://youtu.be/${ID}`],
    [`https://user:pass@youtu.be/${ID}`],
    [`https://youtu.be:8443/${ID}`],
    [`https://youtu.be/ ${ID}`],
    [''],
  ])('rejects %s', (url) => {
    expect(parseYouTubeUrl(url)).toBeNull();
  });
});

describe('parseStartTime', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['75', 75],
    ['75s', 75],
    ['1h', 3600],
    ['1m30s', 90],
    ['1H2M3S', 3723],
    ['abc', 0],
    ['1m-3s', 0],
    ['99999999999', 0],
    ['200h', 0],
  ])('%j → %d', (value, seconds) => {
    expect(parseStartTime(value)).toBe(seconds);
  });
});

describe('youtubeEmbedUrl', () => {
  it('uses the privacy-enhanced player and adds start only when set', () => {
    expect(youtubeEmbedUrl({ id: ID, start: 0 })).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    expect(youtubeEmbedUrl({ id: ID, start: 90 })).toBe(`https://www.youtube-nocookie.com/embed/${ID}?start=90`);
  });
});
