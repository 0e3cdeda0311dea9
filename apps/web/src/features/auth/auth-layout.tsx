import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MessagesSquare, Sparkles, Users } from 'lucide-react';
import { Logo } from '@/components/logo';
import { defineTexts, localizeMessage } from '@/lib/i18n';

export const AUTH_LAYOUT_TEXTS = defineTexts('authLayout', {
  pointCommunities: 'Join communities around what you care about',
  pointDiscussions: 'Start discussions and share blogs',
  pointProfile: 'Build a profile that feels like you',
  slogan: 'Build. Grow. Connect.',
  tagline: 'An open-source home for communities.',
});

const points = [
  { icon: Users, text: () => AUTH_LAYOUT_TEXTS.pointCommunities },
  { icon: MessagesSquare, text: () => AUTH_LAYOUT_TEXTS.pointDiscussions },
  { icon: Sparkles, text: () => AUTH_LAYOUT_TEXTS.pointProfile },
];

/** Login and registration: no navigation bar or side panel (SPEC §2), a brand panel beside the form on desktop. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh bg-surface">
      <aside className="relative hidden w-[44%] max-w-2xl overflow-hidden bg-gradient-to-br from-brand-950 via-brand-800 to-brand-600 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full border border-white/10" />
        <div aria-hidden className="pointer-events-none absolute -top-16 -right-16 size-64 rounded-full border border-white/10" />
        <div aria-hidden className="pointer-events-none absolute -bottom-40 -left-24 size-[28rem] rounded-full bg-brand-400/20 blur-3xl" />
        <Link to="/suggested" className="relative inline-flex w-fit items-center gap-2 rounded-lg text-white">
          <Logo inverted />
        </Link>
        <div className="relative space-y-8">
          <p className="text-4xl leading-tight font-bold tracking-tight xl:text-5xl">{AUTH_LAYOUT_TEXTS.slogan}</p>
          <ul className="space-y-4">
            {points.map(({ icon: Icon, text }) => (
              <li key={text()} className="flex items-center gap-3 text-brand-100">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/10">
                  <Icon className="size-5" aria-hidden />
                </span>
                {text()}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-200">{AUTH_LAYOUT_TEXTS.tagline}</p>
      </aside>
      <main className="flex flex-1 items-start justify-center px-5 py-10 sm:items-center sm:px-8">
        <div className="w-full max-w-md">
          <Link to="/suggested" className="mb-8 inline-flex rounded-lg lg:hidden">
            <Logo />
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
          <p className="mt-2 text-sm text-fg-subtle">{subtitle}</p>
          <div className="mt-8">{children}</div>
          <div className="mt-8 text-center text-sm text-fg-muted">{footer}</div>
        </div>
      </main>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger-fg/30 bg-danger-soft px-3 py-2.5 text-sm text-danger-fg">
      {localizeMessage(message)}
    </div>
  );
}
