import { cn } from '@/lib/cn';
import { FallbackImage } from './fallback-image';

const sizes = {
  xs: 'size-6',
  sm: 'size-8',
  md: 'size-10',
  lg: 'size-14',
  xl: 'size-24',
} as const;

interface PictureProps {
  src: string | null | undefined;
  /** Describes the person; empty when the name is already next to the picture. */
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}

export function Picture({ src, alt = '', size = 'md', className }: PictureProps) {
  return (
    <FallbackImage
      src={src}
      kind="avatar"
      alt={alt}
      className={cn('shrink-0 rounded-full bg-surface-strong object-cover ring-1 ring-line', sizes[size], className)}
    />
  );
}
