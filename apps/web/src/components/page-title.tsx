/**
 * The document title, "Explore · Agora" (just "Agora" without a page title). React 19 hoists a <title> rendered
 * anywhere into <head>, ahead of index.html's static one, and removes it when the page unmounts.
 */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Agora` : 'Agora'}</title>;
}
