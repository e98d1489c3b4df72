// A suggestion's decisions: Done (the agent reached the client), Snooze for a few days, or Dismiss with a reason. Each
// button is named with the client's name; Snooze and Dismiss open a small menu of choices.
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Snooze from '@mui/icons-material/Snooze';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { DismissReason, NextBestItem } from '@shared/next-best';
import { DISMISS_CHOICES, DISMISS_LABELS, dayCount, SNOOZE_CHOICES } from '../next-best-text';
import type { Choice } from './choice-menu';
import type { NextBestActions } from './use-next-best-actions';

const ChoiceMenu = lazy(() => import('./choice-menu').then((m) => ({ default: m.ChoiceMenu })));
const loadChoiceMenu = () => void import('./choice-menu');

/** Narrower than the theme's buttons, so the three fit one line at 390 px. */
const COMPACT = { px: 1.25 } as const;

const SNOOZE_MENU: Choice[] = SNOOZE_CHOICES.map((days) => ({ value: String(days), label: dayCount(days) }));
const DISMISS_MENU: Choice[] = DISMISS_CHOICES.map((reason) => ({ value: reason, label: DISMISS_LABELS[reason] }));

type MenuButtonProps = {
  label: string;
  /** The button's name, which names its menu too. */
  name: string;
  icon: ReactNode;
  choices: readonly Choice[];
  onChoose: (value: string) => void;
};

function MenuButton({ label, name, icon, choices, onChoose }: MenuButtonProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so the menu can play its closing transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        id={`${id}-button`}
        size="small"
        sx={COMPACT}
        startIcon={icon}
        aria-label={name}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={loadChoiceMenu}
        onFocus={loadChoiceMenu}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ChoiceMenu
            id={`${id}-menu`}
            buttonId={`${id}-button`}
            anchor={anchor}
            choices={choices}
            onChoose={onChoose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

type NextBestDecisionsProps = { item: NextBestItem; actions: NextBestActions };

export function NextBestDecisions({ item, actions }: NextBestDecisionsProps) {
  return (
    <Box role="group" aria-label={`Decide on ${item.name}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Button
        size="small"
        sx={COMPACT}
        startIcon={<CheckRounded />}
        aria-label={`Done with ${item.name}`}
        onClick={() => void actions.done(item)}
      >
        Done
      </Button>
      <MenuButton
        label="Snooze"
        name={`Snooze ${item.name}`}
        icon={<Snooze />}
        choices={SNOOZE_MENU}
        onChoose={(days) => void actions.snooze(item, Number(days))}
      />
      <MenuButton
        label="Dismiss"
        name={`Dismiss ${item.name}`}
        icon={<CloseRounded />}
        choices={DISMISS_MENU}
        onChoose={(reason) => void actions.dismiss(item, reason as DismissReason)}
      />
    </Box>
  );
}
