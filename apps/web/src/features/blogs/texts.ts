import { defineTexts, plural } from '@/lib/i18n';
import { BLOG_MESSAGES } from '@agora/contract';

/**
 * Every text of the blog screens. Quoted ones are the SPEC's, character for character (§2, §4, §5, §8); the rest
 * are ours where the spec is silent.
 */
export const BLOG_TEXTS = defineTexts('blogs', {
  // Blogs tab and home strip (SPEC §2)
  noBlogs: 'No blog posts yet',
  beFirst: 'Be the first to post!',
  noBlogsFeed: 'No blogs to show at the moment..',
  createBlog: 'Write a blog post',
  blogsHeading: 'Blog posts',
  loadFailed: 'Failed to load data. Please try again later.',
  listLoadFailed: "Blog posts couldn't be loaded.",
  scrollLeft: 'Scroll blogs left',
  scrollRight: 'Scroll blogs right',
  likes: (n: number) => plural(n, { one: '# like', other: '# likes' }),
  shares: (n: number) => plural(n, { one: '# share', other: '# shares' }),

  // Blog page (SPEC §2, §4)
  notFound: BLOG_MESSAGES.notFound,
  notFoundHint: 'It may have been deleted, or the link is wrong.',
  goBack: 'Go Back',
  back: 'Back',
  /** Followed by the author's name, a button to their profile (issue 12 §2.14). */
  publishedBy: (date: string) => `Published ${date} | By `,
  authorProfile: (name: string) => `${name}, open profile`,
  like: (n: number) => `Like (${n})`,
  share: (n: number) => `Share (${n})`,
  edit: 'Edit',
  delete: 'Delete',
  linkCopied: 'Link copied to clipboard',
  copyFailed: 'Could not copy the link.',
  copyError: 'Failed to copy link',
  confirmDelete: 'Are you sure you want to delete this blog post?',
  deleteConfirmLabel: 'Delete',
  likeFailed: 'Failed to like post',
  deleteFailed: 'Failed to delete blog post',
  headerImage: (title: string) => `Header image of ${title}`,

  // Blog editor (SPEC §2, §4, §5, §8)
  createTitle: 'Create Blog Post',
  editTitle: 'Edit Blog Post',
  titleLabel: 'Blog title',
  titlePlaceholder: 'Give your post a title',
  contentLabel: 'Content',
  contentPlaceholder: 'Write your post…',
  contentHint: '**bold**, ***heading***, [image address], and code between two ``` lines.',
  headerImageLabel: 'Header image (optional)',
  chooseHeaderImage: 'Choose header image',
  changeHeaderImage: 'Change header image',
  removeHeaderImage: 'Remove header image',
  headerPreview: 'Header image preview',
  bold: 'Bold',
  heading: 'Heading',
  addImage: 'Add Image',
  uploadingImage: 'Uploading image…',
  publish: 'Publish Blog Post',
  update: 'Update Blog Post',
  publishing: 'Publishing...',
  updating: 'Updating...',
  cancel: 'Cancel',
  // Closing an editor with changes (issue 12 §2.3)
  closeTitle: 'Close the editor?',
  closeDescription:
    'Your title and text are kept as a draft on this device until you publish or discard them (a chosen header image is not kept).',
  keepEditing: 'Keep editing',
  keepDraft: 'Keep draft',
  discard: 'Discard',
  createFailed: 'Failed to create blog post',
  updateFailed: 'Failed to update blog post',
  imageUploadFailed: 'Failed to upload the image',
  notAnImage: 'Please choose an image file',
  needsText: 'Write a title and some content first',
  waitForUpload: 'Please wait for uploads',
  unknownAuthor: 'Unknown Author',
  verified: 'Verified',
  loading: 'Loading blog post',
  code: 'Code',
  codeIn: (language: string) => `Code (${language})`,
  illustration: 'Illustration of the post',
  formatting: 'Formatting',
  boldPlaceholder: 'bold text',
});
