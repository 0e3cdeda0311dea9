import type { SVGProps } from 'react';
import { Link as LinkIcon } from 'lucide-react';
import { siDiscord, siFacebook, siGithub, siInstagram, siTiktok, siX, siYoutube } from 'simple-icons';
import type { KnownSite } from '@/lib/links';

type IconProps = SVGProps<SVGSVGElement>;

/**
 * LinkedIn asked Simple Icons to remove its logo, so it is drawn here in the same style (filled, 24 grid): the
 * rounded square with "in" cut out (even-odd fill).
 */
const LINKEDIN_PATH =
  'M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z' +
  'M5.5 7a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0z' +
  'M5.75 10h2.5v8h-2.5z' +
  'M10.5 10h2.4v1.1c.5-.8 1.5-1.3 2.7-1.3 2.1 0 3.1 1.3 3.1 3.6V18h-2.5v-4.2c0-1.1-.4-1.8-1.4-1.8s-1.8.7-1.8 1.9V18h-2.5z';

/** Brand marks from Simple Icons (CC0; lucide dropped its brand icons in 1.0). */
const PATHS: Record<KnownSite, string> = {
  facebook: siFacebook.path,
  x: siX.path,
  instagram: siInstagram.path,
  linkedin: LINKEDIN_PATH,
  youtube: siYoutube.path,
  tiktok: siTiktok.path,
  github: siGithub.path,
  discord: siDiscord.path,
};

function BrandIcon({ path, ...props }: IconProps & { path: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false" {...props}>
      <path d={path} fillRule={path === LINKEDIN_PATH ? 'evenodd' : undefined} />
    </svg>
  );
}

/** The network's icon, or a generic link icon for any other site. */
export function SiteIcon({ site, className }: { site: KnownSite | null; className?: string }) {
  if (!site) return <LinkIcon className={className} aria-hidden />;
  return <BrandIcon path={PATHS[site]} className={className} data-site={site} />;
}
