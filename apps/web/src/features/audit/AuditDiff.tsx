import { Fragment } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { diffValues, shortenSameWords, type FieldChange, type WordPart } from '@tripline/core';
import classes from './audit.module.css';

/** Removed text: struck through, red, and read out as removed. */
function Removed({ text }: { text: string }) {
  return (
    <del className={classes.removed}>
      <VisuallyHidden>removed: </VisuallyHidden>
      {text}
    </del>
  );
}

/** Added text: underlined, green, and read out as added. */
function Added({ text }: { text: string }) {
  return (
    <ins className={classes.added}>
      <VisuallyHidden>added: </VisuallyHidden>
      {text}
    </ins>
  );
}

function Words({ parts }: { parts: WordPart[] }) {
  return (
    <>
      {shortenSameWords(parts).map((p, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          {p.kind === 'same' ? p.text : p.kind === 'removed' ? <Removed text={p.text} /> : <Added text={p.text} />}
        </Fragment>
      ))}
    </>
  );
}

function ChangeValue({ change }: { change: FieldChange }) {
  switch (change.kind) {
    case 'added':
      return <Added text={change.after} />;
    case 'removed':
      return <Removed text={change.before} />;
    case 'changed':
      if (change.words) return <Words parts={change.words} />;
      return (
        <>
          <Removed text={change.before} />
          <span className={classes.arrow} aria-hidden>
            →
          </span>
          <Added text={change.after} />
        </>
      );
  }
}

/** The readable before/after of one audit entry: each changed, added or removed field with its values. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = diffValues(before, after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changes recorded.
      </Text>
    );
  }
  return (
    <dl className={classes.changes} aria-label="Changes">
      {changes.map((change) => (
        <Fragment key={change.path}>
          <dt className={classes.path}>{change.path || 'value'}</dt>
          <dd className={classes.value}>
            <ChangeValue change={change} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
