import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The page's main content, the target of the skip link (focusable by script, not by Tab). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on a signed-in page, shown only while focused: it leads past the
 * header and the navigation straight to the page's content (WCAG 2.4.1).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focus by hand: following the #fragment would add it to the address the router reads.
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
