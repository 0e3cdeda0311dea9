import { useState, type ImgHTMLAttributes } from 'react';

export const DEFAULT_IMAGES = {
  avatar: '/default-avatar.svg',
  banner: '/default-banner.svg',
  community: '/default-community.svg',
} as const;
export type DefaultImageKind = keyof typeof DEFAULT_IMAGES;

/**
 * Paths from the server ("/uploads/…") are same-origin; anything else is used as given (SPEC §3).
 * Missing values get the default picture.
 */
export function imageUrl(src: string | null | undefined, kind: DefaultImageKind): string {
  const value = src?.trim();
  return value ? value : DEFAULT_IMAGES[kind];
}

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  kind: DefaultImageKind;
}

/** An <img> that shows the default picture when the source is missing or fails to load. */
export function FallbackImage({ src, kind, alt = '', ...props }: FallbackImageProps) {
  const wanted = imageUrl(src, kind);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? DEFAULT_IMAGES[kind] : wanted;
  return (
    <img
      {...props}
      src={shown}
      alt={alt}
      onError={(event) => {
        if (shown !== DEFAULT_IMAGES[kind]) setFailed(wanted);
        props.onError?.(event);
      }}
    />
  );
}
