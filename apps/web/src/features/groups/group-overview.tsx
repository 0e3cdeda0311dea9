import { focusOnMount } from '@/lib/forms';
import { useRef, useState, type ReactNode } from 'react';
import { Info, Link2, Pencil, ScrollText } from 'lucide-react';
import { cleanPastedText, GROUP_LIMITS, SECTION_KEYS, type GroupDetailResponse, type SectionKey } from '@agora/contract';
import { SiteIcon } from '@/components/site-icon';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { parseLinks } from '@/lib/links';
import { ABOUT_SECTION_FORMAT, RichText, RULES_SECTION_FORMAT } from '@/lib/rich-text';
import { useUpdateSection } from './api';
import { useGroupContext } from './group-context';
import { GROUP_TEXTS } from './texts';
import { toastSuccess } from '@/lib/toast';

function sectionText(detail: GroupDetailResponse, key: SectionKey): string {
  return detail.overview.find((s) => s.section_header === SECTION_KEYS[key])?.section_desc ?? '';
}

const HINTS: Record<SectionKey, () => string> = {
  about: () => GROUP_TEXTS.hintAbout,
  rules: () => GROUP_TEXTS.hintRules,
  social_media: () => GROUP_TEXTS.hintSocial,
};

/** The community's Overview tab (SPEC §2): Intro, Rules & Regulations and Social, each editable by the owner. */
export function GroupOverview() {
  const { detail, viewer } = useGroupContext();
  const owner = viewer.isOwner;
  const id = detail.group.id;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Section
        key={`about-${id}`}
        sectionKey="about"
        title={GROUP_TEXTS.welcome(detail.group.group_name)}
        icon={Info}
        detail={detail}
        owner={owner}
        className="lg:row-span-2"
      >
        {(text) => <RichText text={text} format={ABOUT_SECTION_FORMAT} empty={<Empty />} />}
      </Section>
      <Section key={`rules-${id}`} sectionKey="rules" title={GROUP_TEXTS.rulesHeading} icon={ScrollText} detail={detail} owner={owner}>
        {(text) => <RichText text={text} format={RULES_SECTION_FORMAT} empty={<Empty />} />}
      </Section>
      <Section key={`social-${id}`} sectionKey="social_media" title={GROUP_TEXTS.socialHeading} icon={Link2} detail={detail} owner={owner}>
        {(text) => <SocialSection text={text} />}
      </Section>
    </div>
  );
}

function Empty() {
  return <p className="text-sm text-fg-subtle italic">{GROUP_TEXTS.nothingToShow}</p>;
}

interface SectionProps {
  sectionKey: SectionKey;
  title: string;
  icon: typeof Info;
  detail: GroupDetailResponse;
  owner: boolean;
  className?: string;
  children: (text: string) => ReactNode;
}

/** One section card; the owner edits it in place with Save and Cancel ("Failed to update section" on failure). */
function Section({ sectionKey, title, icon: Icon, detail, owner, className, children }: SectionProps) {
  const saved = sectionText(detail, sectionKey);
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateSection();
  const editButton = useRef<HTMLButtonElement>(null);
  const headingId = `section-${sectionKey}`;
  const hintId = `${headingId}-hint`;

  const stop = () => {
    setDraft(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = () => {
    if (draft === null || update.isPending) return;
    const text = cleanPastedText(draft);
    if (text === saved) {
      stop();
      return;
    }
    update.mutate(
      { groupId: detail.group.id, key: sectionKey, text },
      {
        onSuccess: (response) => {
          void toastSuccess(response.message);
          stop();
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6 ${className ?? ''}`}
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id={headingId} className="flex min-w-0 items-start gap-2 text-lg leading-7 font-semibold tracking-tight break-words text-fg">
          <Icon className="mt-1 size-5 shrink-0 text-accent-fg" aria-hidden />
          <span className="min-w-0">{title}</span>
        </h2>
        {owner && draft === null ? (
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            onClick={() => setDraft(saved)}
            aria-label={GROUP_TEXTS.editSection(sectionLabel(sectionKey))}
          >
            <Pencil aria-hidden />
            <span className="hidden sm:inline">{GROUP_TEXTS.edit}</span>
          </Button>
        ) : null}
      </div>
      {draft === null ? (
        children(saved)
      ) : (
        <div className="space-y-3">
          <Textarea
            aria-label={sectionLabel(sectionKey)}
            aria-describedby={hintId}
            value={draft}
            ref={focusOnMount}
            rows={sectionKey === 'about' ? 10 : 6}
            maxLength={GROUP_LIMITS.sectionMax}
            disabled={update.isPending}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                stop();
              }
            }}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={hintId} className="min-w-0 flex-1 text-xs text-fg-muted">
              {HINTS[sectionKey]()}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={stop} disabled={update.isPending}>
                {GROUP_TEXTS.cancel}
              </Button>
              <Button size="sm" onClick={save} disabled={update.isPending}>
                {update.isPending ? GROUP_TEXTS.saving : GROUP_TEXTS.save}
              </Button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

function sectionLabel(key: SectionKey): string {
  return key === 'about' ? GROUP_TEXTS.aboutUs : key === 'rules' ? GROUP_TEXTS.rulesHeading : GROUP_TEXTS.socialMedia;
}

/**
 * SPEC §2 Social: one entry per line; known networks get their icon and name, other links the first part of the
 * host, lines that are not links stay text. Links open in a new tab without access to this one. A card is named by
 * what it shows, label then host ("Instagram instagram.com").
 */
export function SocialSection({ text }: { text: string }) {
  const lines = parseLinks(text);
  if (lines.length === 0) return <Empty />;
  return (
    <ul className="space-y-2">
      {lines.map((line, index) =>
        line.kind === 'link' ? (
          <li key={`${index}-${line.href}`} className="min-w-0">
            <a
              href={line.href}
              target="_blank"
              rel="noopener noreferrer"
              title={line.href}
              className="flex min-w-0 items-center gap-3 rounded-xl border border-line px-3 py-2.5 text-sm font-medium text-fg transition-colors hover:border-brand-300 hover:bg-accent-soft"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-fg">
                <SiteIcon site={line.site} className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate">{line.label}</span>{' '}
                {/* A link without a label is labelled by its host: no need to say it twice. */}
                {line.label === line.host.replace(/^www\d*\./, '') ? null : (
                  <span className="block truncate text-xs font-normal text-fg-muted">{line.host}</span>
                )}
              </span>
            </a>
          </li>
        ) : (
          <li key={`${index}-text`} className="px-1 text-sm break-words text-fg-muted [overflow-wrap:anywhere]">
            {line.text}
          </li>
        ),
      )}
    </ul>
  );
}
