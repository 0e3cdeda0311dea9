import { LIMITS } from '@agora/contract';
import { COMMON_TEXTS } from './texts';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A round square picture (profile photo, community picture) or a 3:1 banner. */
export type CropKind = 'photo' | 'banner';

/** SPEC §9: photo 512×512, banner 1600 wide at 3:1, both JPEG at quality 0.92. */
export const CROP_SETTINGS: Record<CropKind, { aspect: number; width: number; height: number; shape: 'round' | 'rect'; title: string }> = {
  photo: {
    aspect: 1,
    width: LIMITS.profilePhotoSize,
    height: LIMITS.profilePhotoSize,
    shape: 'round',
    get title() {
      return COMMON_TEXTS.adjustPhoto;
    },
  },
  banner: {
    aspect: 3,
    width: LIMITS.bannerWidth,
    height: Math.round(LIMITS.bannerWidth / 3),
    shape: 'rect',
    get title() {
      return COMMON_TEXTS.adjustBanner;
    },
  },
};

export const JPEG_QUALITY = LIMITS.jpegQuality / 100;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** Draws the chosen area scaled to the output size on a white background (JPEG has no transparency). */
export async function cropToJpeg(src: string, area: PixelArea, width: number, height: number): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), 'image/jpeg', JPEG_QUALITY);
  });
}
