import { describe, expect, it } from 'vitest';
import {
  createNoticeSchema,
  incomingNoticeSchema,
  isVideoFileUrl,
  updateNoticeSchema,
  youtubeVideoId,
} from './notices';

describe('notice links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['http://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://www.youtube.com/channel/UC123', null],
    ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', null],
    ['javascript://youtu.be/dQw4w9WgXcQ', null],
  ])('reads the YouTube video of %s as %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });

  it('knows a direct video file over http(s) by its ending', () => {
    expect(isVideoFileUrl('https://example.org/a/clip.MP4')).toBe(true);
    expect(isVideoFileUrl('http://example.org/clip.webm?x=1')).toBe(true);
    expect(isVideoFileUrl('https://example.org/clip.mp4.html')).toBe(false);
    expect(isVideoFileUrl('file:///clip.mp4')).toBe(false);
  });
});

describe('notice bodies', () => {
  const base = { title: 'Road works', content: 'One lane closed from Monday.' };

  it('maps the snake_case links and treats empty links as none', () => {
    expect(
      createNoticeSchema.parse({ ...base, image_url: 'https://example.org/a.png', linkUrl: '' }),
    ).toEqual({ ...base, imageUrl: 'https://example.org/a.png' });
  });

  it('drops an author given in the body', () => {
    expect(createNoticeSchema.parse({ ...base, author: 'Somebody' })).toEqual(base);
  });

  it('clears a link set to null or "" in an update, and refuses an empty update', () => {
    expect(updateNoticeSchema.parse({ linkUrl: null, video_url: '' })).toEqual({
      linkUrl: null,
      videoUrl: null,
    });
    expect(updateNoticeSchema.safeParse({}).success).toBe(false);
  });

  it('reads a notice of an older server with snake_case fields and no author', () => {
    expect(
      incomingNoticeSchema.parse({
        id: '7',
        title: 'Old',
        content: 'An older notice.',
        video_url: 'https://youtu.be/dQw4w9WgXcQ',
        created_at: '2026-11-01T10:00:00.000Z',
      }),
    ).toEqual({
      id: '7',
      title: 'Old',
      content: 'An older notice.',
      imageUrl: null,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      linkUrl: null,
      author: 'admin',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
  });
});
