import type { AuditEntry } from '@contract/admin';
import { Code, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskList, DeskPage, DeskTable, FilterBar, PeriodFilter, TextFilter } from './desk-list';
import { auditQueryOptions } from './queries';
import type { AuditSearch } from './queue-search';

/** Every change of money, identity, role and sign-in, newest first, with who acted and why. */
export function AuditLogPage({
  search,
  onSearchChange,
}: {
  search: AuditSearch;
  onSearchChange(next: AuditSearch): void;
}) {
  const { t } = useTranslation('admin');
  const result = useQuery(auditQueryOptions(currentLanguage(), search));
  const change = (patch: Partial<AuditSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <DeskPage title={t('audit.title')} description={t('audit.description')}>
      <AuditFilters search={search} onChange={change} />
      <DeskList
        result={result}
        page={search.page ?? 1}
        onPage={(page) => onSearchChange({ ...search, page })}
        label={t('audit.title')}
      >
        {(data) => (
          <DeskTable
            label={t('audit.title')}
            head={[
              t('columns.at'),
              t('columns.actor'),
              t('columns.action'),
              t('columns.subject'),
              t('columns.reason'),
              t('columns.request'),
            ]}
            minWidth={980}
          >
            {data.list.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </DeskTable>
        )}
      </DeskList>
    </DeskPage>
  );
}

/** The typed actor's id when it is one (a positive whole number); otherwise no filter on the actor. */
function actorUserIdOf(text: string | undefined): number | undefined {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

function AuditFilters({ search, onChange }: { search: AuditSearch; onChange(patch: Partial<AuditSearch>): void }) {
  const { t } = useTranslation('admin');
  return (
    <FilterBar>
      <TextFilter
        label={t('audit.actorUserId')}
        value={search.actorUserId ? String(search.actorUserId) : undefined}
        onApply={(text) => onChange({ actorUserId: actorUserIdOf(text) })}
        maxLength={9}
        width={140}
      />
      <TextFilter
        label={t('audit.action')}
        value={search.action}
        onApply={(action) => onChange({ action })}
        maxLength={100}
        width={200}
      />
      <TextFilter
        label={t('audit.subjectType')}
        value={search.subjectType}
        onApply={(subjectType) => onChange({ subjectType })}
        maxLength={50}
        width={170}
      />
      <TextFilter
        label={t('audit.subjectId')}
        value={search.subjectId}
        onApply={(subjectId) => onChange({ subjectId })}
        maxLength={64}
        width={200}
      />
      <PeriodFilter from={search.from} to={search.to} onChange={onChange} />
    </FilterBar>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
      <Table.Td>
        {entry.actor ? (
          <Text size="sm">
            {entry.actor.account} · #{entry.actor.userId}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t(`audit.actors.${String(entry.detail.actor)}`, {
              defaultValue: String(entry.detail.actor ?? ''),
            })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</Text>
          <Code fz="xs" data-user-content>
            {entry.action}
          </Code>
        </Stack>
      </Table.Td>
      <Table.Td ff="monospace" fz="sm" data-user-content>
        {entry.subjectType ? `${entry.subjectType}:${entry.subjectId}` : entry.subjectId}
      </Table.Td>
      <Table.Td data-user-content>{entry.reason ?? ''}</Table.Td>
      <Table.Td>
        <Tooltip label={String(entry.detail.clientAddress ?? '')} disabled={!entry.detail.clientAddress}>
          <Text size="xs" ff="monospace" c="dimmed" data-user-content>
            {entry.requestId ?? ''}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
