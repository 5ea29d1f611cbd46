import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PersonCard } from '../../../data/online/friends.ts';
import { Avatar } from '../ProfileImage.tsx';
import * as css from './friends.css.ts';

/** One person of a friends list: avatar, name and @username (a link to the profile), a detail line, actions. */
export function PersonItem({ person, detail, children, testId }: { person: PersonCard; detail?: ReactNode; children?: ReactNode; testId?: string }) {
  const name = person.display_name || person.username;
  return (
    <li className={css.person} data-testid={testId} data-username={person.username}>
      <Avatar value={person.avatar_url} name={name} className={css.avatar} />
      <div className={css.who}>
        <Link href={`/profile/${encodeURIComponent(person.username)}`} className={css.name}>
          {name}
        </Link>
        <span className={css.detail}>@{person.username}</span>
        {detail && <p className={css.detail}>{detail}</p>}
      </div>
      {children && <div className={css.actions}>{children}</div>}
    </li>
  );
}
