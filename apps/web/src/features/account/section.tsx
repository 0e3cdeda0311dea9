import type { ReactNode } from 'react';

/** One titled card of the settings page. */
export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight text-fg">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-fg-subtle">{intro}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
