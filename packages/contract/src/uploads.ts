/** Texts of the upload routes (SPEC §8: upload errors are shown as the server sends them). */
export const UPLOAD_MESSAGES = {
  notAnImage: 'Only image files are allowed (JPEG, PNG, WebP, GIF or AVIF)',
  corrupt: 'The file could not be read as an image',
  tooManyPixels: 'The image dimensions are too large',
  missing: 'Please choose an image to upload',
  incomplete: 'The upload was interrupted. Please try again.',
  tooManyUploads: 'Too many uploads. Please try again later.',
  notYours: 'You can only use images you uploaded',
  tooLarge: (label: string) => `The image is too large (max ${label})`,
} as const;
