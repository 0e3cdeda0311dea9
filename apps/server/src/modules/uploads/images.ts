import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { BLOG_LIMITS, LIMITS, UPLOAD_MESSAGES } from '@agora/contract';
import type { UploadKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type ImageKind = UploadKind;

type KindSpec = { maxBytes: number; label: string; render: (image: Sharp) => Sharp; ext: 'jpg' | 'webp'; animated: boolean };

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
  /** A blog's header image: within 1600 px wide (and 2400 px tall), never enlarged, WebP (keeps transparency). */
  blog: {
    maxBytes: BLOG_LIMITS.imageBytes,
    label: '10MB',
    render: (i) =>
      i.resize(BLOG_LIMITS.imageMaxWidth, BLOG_LIMITS.imageMaxHeight, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
    ext: 'webp',
    animated: false,
  },
};

/**
 * The formats Agora accepts, as sharp names them. AVIF is reported as `heif` with AV1 compression; a HEIC
 * (HEVC) file, an SVG (which sharp would render), a PDF or anything else is refused before any decode or resize.
 */
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
const ALLOWED_LOADERS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif']);
function isAllowed(meta: Metadata): boolean {
  return ALLOWED_FORMATS.has(meta.format ?? '') || (meta.format === 'heif' && meta.compression === 'av1');
}

/** Decodes, checks and re-encodes an uploaded image for its kind. Throws a 4xx AppError for anything else. */
export async function processImage(buffer: Buffer, kind: ImageKind): Promise<{ data: Buffer; ext: 'jpg' | 'webp' }> {
  const spec = IMAGE_KINDS[kind];
  if (buffer.length === 0) throw AppError.unsupportedMedia(UPLOAD_MESSAGES.notAnImage);
  const options = { limitInputPixels: LIMITS.maxInputPixels, failOn: 'error' as const };
  let meta: Metadata;
  try {
    // metadata() reads the header only: the format is known before any pixel is decoded.
    meta = await sharp(buffer, options).metadata();
  } catch (error) {
    // sharp names the loader that recognised the bytes (`svgload_buffer: bad dimensions`): a format we do not
    // accept is a 415 even when its own loader failed, not a "corrupt image".
    const loader = /(\w+)load_buffer/.exec(String(error))?.[1];
    if (/unsupported image format/i.test(String(error)) || (loader && !ALLOWED_LOADERS.has(loader)))
      throw AppError.unsupportedMedia(UPLOAD_MESSAGES.notAnImage);
    throw new AppError(400, 'invalid_image', /pixel limit/i.test(String(error)) ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.corrupt);
  }
  if (!isAllowed(meta)) throw AppError.unsupportedMedia(UPLOAD_MESSAGES.notAnImage);
  const frames = meta.pages ?? 1;
  if (!meta.width || !meta.height || meta.width * meta.height * frames > LIMITS.maxInputPixels) {
    throw new AppError(400, 'invalid_image', UPLOAD_MESSAGES.tooManyPixels);
  }
  const animated = spec.animated && frames > 1;
  try {
    const image = sharp(buffer, { ...options, animated });
    const data = await spec.render(animated ? image : image.rotate()).toBuffer();
    return { data, ext: spec.ext };
  } catch {
    throw new AppError(400, 'invalid_image', UPLOAD_MESSAGES.corrupt);
  }
}
