import type { ReactNode } from 'react';

export function FeedSection({
  title,
  description,
  action,
  children,
  id,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold tracking-tight text-fg">
            {title}
          </h2>
          {description ? <p className="text-sm text-fg-subtle">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
