import { PageTitle } from '@/components/page-title';

/** The community setup page (SPEC §2 /create); its form arrives with the communities issue. */
export function CreateCommunityPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle title="Create a community" />
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Create a community</h1>
    </div>
  );
}
