import { describe, expect, it } from 'vitest';
import { dataUrlToBlob, insertText, readPaste, toggleBold, type TextSelection } from './editing';

/** "a [b] c" notation: the brackets mark the selection; "a | c" a caret. */
function sel(marked: string): TextSelection {
  if (marked.includes('|')) {
    const start = marked.indexOf('|');
    return { value: marked.replace('|', ''), start, end: start };
  }
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}

function show({ value, start, end }: TextSelection): string {
  return start === end
    ? `${value.slice(0, start)}|${value.slice(start)}`
    : `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;
}

describe('toggleBold (Ctrl/Cmd+B)', () => {
  it.each([
    ['make [this] bold', 'make **[this]** bold'],
    ['make **[this]** plain', 'make [this] plain'],
    ['make [**this**] plain', 'make [this] plain'],
    ['[whole line]', '**[whole line]**'],
    ['caret | here', 'caret **|** here'],
    ['caret **|** here', 'caret | here'],
    ['**[a]** and more', '[a] and more'],
    ['[**]', '**[**]**'],
  ])('%j → %j', (input, expected) => {
    expect(show(toggleBold(sel(input)))).toBe(expected);
  });

  it('handles a selection made backwards', () => {
    expect(toggleBold({ value: 'ab', start: 2, end: 0 })).toEqual({ value: '**ab**', start: 2, end: 4 });
  });
});

describe('insertText', () => {
  it('replaces the selection and puts the caret after the insert', () => {
    expect(show(insertText(sel('say [x] now'), 'hello'))).toBe('say hello| now');
  });
});

function clipboard(items: { text?: string; html?: string; files?: File[] }) {
  return {
    files: (items.files ?? []) as unknown as FileList,
    getData: (type: string) => (type === 'text/plain' ? (items.text ?? '') : type === 'text/html' ? (items.html ?? '') : ''),
  };
}

/** jsdom's Blob has no arrayBuffer(); FileReader works. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('readPaste (SPEC §5 pasted text and images)', () => {
  it('cleans pasted text: line endings, zero-width characters, runs of blank lines, trailing spaces, outer space', () => {
    expect(readPaste(clipboard({ text: '  Hello\u200B world   \r\n\r\n\r\n\r\nBye\t \r\n  ' })).text).toBe('Hello world\n\nBye');
  });

  it('takes image files and leaves their text aside', () => {
    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    const other = new File(['x'], 'notes.txt', { type: 'text/plain' });
    expect(readPaste(clipboard({ text: 'shot.png', files: [file, other] }))).toEqual({ text: '', images: [file], remoteImages: [] });
  });

  it('turns a pasted HTML data: image into a Blob and a remote one into an address, without fetching or running anything', async () => {
    const html = `<p>Look</p><img src="data:image/png;base64,${PNG}"><img src="https://cdn.example.org/cat.jpg" onerror="window.__pasted = 1"><script>window.__pasted = 2</script><img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg/>">`;
    const content = readPaste(clipboard({ text: 'Look', html }));
    expect(content.text).toBe('Look');
    expect(content.remoteImages).toEqual(['https://cdn.example.org/cat.jpg']);
    expect(content.images).toHaveLength(1);
    expect(content.images[0]!.type).toBe('image/png');
    const bytes = new Uint8Array(await readBlob(content.images[0]!));
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect((window as unknown as { __pasted?: number }).__pasted).toBeUndefined();
  });

  it('refuses data: sources that are not base64 raster images', () => {
    expect(dataUrlToBlob('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(dataUrlToBlob('data:image/png;base64,%%%')).toBeNull();
    expect(dataUrlToBlob(`data:image/png;base64,${PNG}`)?.type).toBe('image/png');
  });
});
