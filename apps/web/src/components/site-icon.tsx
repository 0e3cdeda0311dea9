import type { ReactNode, SVGProps } from 'react';
import { Facebook, Github, Instagram, Link as LinkIcon, Linkedin, Youtube } from 'lucide-react';
import type { KnownSite } from '@/lib/links';

type IconProps = SVGProps<SVGSVGElement>;

/** Outline glyphs in lucide's style (24 grid, 2 px stroke) for networks lucide does not draw. */
function Glyph({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      {children}
    </svg>
  );
}

function XLogo(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M19.5 4 13.6 10.6M10.4 13.4 4.5 20" />
    </Glyph>
  );
}

function TikTok(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M14 3v11.5a4 4 0 1 1-4-4" />
      <path d="M14 3c.4 2.8 2.3 4.6 5 5" />
    </Glyph>
  );
}

function Discord(props: IconProps) {
  return (
    <Glyph {...props}>
      <path d="M8.5 6.2A14 14 0 0 0 5.6 7C3.7 9.8 3 13 3.2 16.4a13 13 0 0 0 4.1 2.1l1-1.7" />
      <path d="M15.5 6.2A14 14 0 0 1 18.4 7c1.9 2.8 2.6 6 2.4 9.4a13 13 0 0 1-4.1 2.1l-1-1.7" />
      <path d="M7.5 16.2c2.9 1.3 6.1 1.3 9 0M8 7.6c2.6-.8 5.4-.8 8 0" />
      <circle cx="9.3" cy="12.6" r="1.1" />
      <circle cx="14.7" cy="12.6" r="1.1" />
    </Glyph>
  );
}

const ICONS: Record<KnownSite, (props: IconProps) => ReactNode> = {
  facebook: Facebook,
  x: XLogo,
  instagram: Instagram,
  linkedin: Linkedin,
  youtube: Youtube,
  tiktok: TikTok,
  github: Github,
  discord: Discord,
};

/** The network's icon, or a generic link icon for any other site. */
export function SiteIcon({ site, className }: { site: KnownSite | null; className?: string }) {
  const Icon = site ? ICONS[site] : LinkIcon;
  return <Icon className={className} aria-hidden />;
}
