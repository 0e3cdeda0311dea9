import sharp from 'sharp';
import { LIMITS } from '@agora/contract';
import { AppError } from '../../lib/app-error';

/** Also the folder under /uploads/ (lowercase letters only: UPLOAD_PATH_PATTERN). */
export type ImageKind = 'profile' | 'banner' | 'post' | 'groupdp' | 'groupbanner';

type KindSpec = { maxBytes: number; label: string; render: (image: sharp.Sharp) => sharp.Sharp; ext: 'jpg' | 'webp'; animated: boolean };

const jpeg = { quality: LIMITS.jpegQuality, mozjpeg: true } as const;

/** A square picture: 512×512 JPEG. */
const square = (maxBytes: number, label: string): KindSpec => ({
  maxBytes,
  label,
  render: (i) => i.resize(LIMITS.profilePhotoSize, LIMITS.profilePhotoSize, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg(jpeg),
  ext: 'jpg',
  animated: false,
});

/** A 3:1 banner 1600 px wide, JPEG. */
const banner = (maxBytes: number, label: string): KindSpec => ({
  maxBytes,
  label,
  render: (i) =>
    i
      .resize({ width: LIMITS.bannerWidth, height: Math.round(LIMITS.bannerWidth / 3), fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg(jpeg),
  ext: 'jpg',
  animated: false,
});

/** What each upload becomes: decoded, oriented, resized and re-encoded, so no byte of the original is served. */
export const IMAGE_KINDS: Record<ImageKind, KindSpec> = {
  profile: square(LIMITS.profileImageBytes, '5MB'),
  banner: banner(LIMITS.bannerImageBytes, '15MB'),
  /** A community's picture (SPEC §2: square like a profile photo) and banner (3:1). */
  groupdp: square(LIMITS.groupPictureBytes, '5MB'),
  groupbanner: banner(LIMITS.groupBannerBytes, '15MB'),
  post: {
    maxBytes: LIMITS.postImageBytes,
    label: '10MB',
    render: (i) =>
      i.resize(LIMITS.postImageMaxSide, LIMITS.postImageMaxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
    ext: 'webp',
    animated: true,
  },
};

export const IMAGE_MESSAGES = {
  notAnImage: 'Only image files are allowed (JPEG, PNG, WebP, GIF or AVIF)',
  corrupt: 'The file could not be read as an image',
  tooManyPixels: 'The image dimensions are too large',
  missing: 'Please choose an image to upload',
  tooLarge: (label: string) => `The image is too large (max ${label})`,
} as const;

/**
 * Recognises the container from its first bytes before any decoder sees it: SVG, HTML or a renamed text file
 * never reach sharp.
 */
export function sniffImageType(buffer: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | null {
  if (buffer.length < 12) return null;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head6 = buffer.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (buffer.subarray(0, 4).toString('latin1') === 'RIFF' && buffer.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buffer.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(buffer.subarray(8, 12).toString('latin1'))) return 'avif';
  return null;
}

/** Decodes, checks and re-encodes an uploaded image for its kind. Throws a 4xx AppError for anything else. */
export async function processImage(buffer: Buffer, kind: ImageKind): Promise<{ data: Buffer; ext: 'jpg' | 'webp' }> {
  const spec = IMAGE_KINDS[kind];
  const type = sniffImageType(buffer);
  if (!type) throw AppError.unsupportedMedia(IMAGE_MESSAGES.notAnImage);
  const options = { limitInputPixels: LIMITS.maxInputPixels, failOn: 'error' as const };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(buffer, options).metadata();
  } catch (error) {
    throw new AppError(400, 'invalid_image', /pixel limit/i.test(String(error)) ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.corrupt);
  }
  const frames = meta.pages ?? 1;
  if (!meta.width || !meta.height || meta.width * meta.height * frames > LIMITS.maxInputPixels) {
    throw new AppError(400, 'invalid_image', IMAGE_MESSAGES.tooManyPixels);
  }
  const animated = spec.animated && frames > 1;
  try {
    const image = sharp(buffer, { ...options, animated });
    const data = await spec.render(animated ? image : image.rotate()).toBuffer();
    return { data, ext: spec.ext };
  } catch {
    throw new AppError(400, 'invalid_image', IMAGE_MESSAGES.corrupt);
  }
}
