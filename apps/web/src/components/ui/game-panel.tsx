import type { ReactNode } from 'react';

interface GamePanelProps {
  /** The heading's id; it names the section. */
  id: string;
  title: ReactNode;
  /** The game's own module: its panel, panelTitle and muted classes (composed from game-panel.module.css). */
  classes: Readonly<Record<string, string>>;
  /** A muted line shown in place of the content (nothing to list yet); null or left out: the content. */
  empty?: string | null;
  children?: ReactNode;
}

/** A raised panel of a game page (crash, the originals, slots, the lottery): its heading over the content. */
export function GamePanel({ id, title, classes, empty = null, children }: GamePanelProps) {
  return (
    <section className={classes.panel} aria-labelledby={id}>
      <h2 id={id} className={classes.panelTitle}>
        {title}
      </h2>
      {empty === null ? children : <p className={classes.muted}>{empty}</p>}
    </section>
  );
}
