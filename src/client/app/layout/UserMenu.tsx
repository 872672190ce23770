// The avatar menu of a signed-in user (spec: Layout). Loaded lazily: visitors never download it.
// Accounts arrive with the next issue, which also adds 'Se déconnecter' with the session it ends.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { notifyInfo } from '@client/lib/notify';
import type { AuthUser } from '../auth';

const itemClass =
  'flex min-h-10 cursor-pointer select-none items-center rounded-lg px-3 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

export default function UserMenu({ user }: { user: AuthUser }) {
  const initial = user.fullName.trim().charAt(0).toUpperCase() || '?';
  return (
    // Not modal and not portalled: the page stays readable to assistive tech while the menu is open,
    // and the menu sits inside the header's landmark.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Menu du compte de ${user.fullName}`}
        className="inline-flex size-10 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-2 ring-transparent hover:ring-brand-600"
      >
        {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={40} height={40} className="size-full object-cover" /> : initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-60 rounded-2xl border border-line bg-white p-2 shadow-xl">
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block font-semibold text-ink">{user.fullName}</span>
          <span className="block truncate text-sm text-muted">{user.email}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-line" />
        <MenuLink to="/account">Mon Compte</MenuLink>
        <MenuLink to="/mes-achats">Mes Achats</MenuLink>
        <MenuLink to="/favoris">Mes Favoris</MenuLink>
        <MenuLink to="/calendrier">Mon Calendrier</MenuLink>
        {user.isSubscriber ? <MenuLink to="/abonne">Espace Abonné</MenuLink> : null}
        {user.role === 'admin' ? (
          <>
            <MenuLink to="/admin">Tableau de Bord Admin</MenuLink>
            <MenuLink to="/mon-profil-chef">Mon profil de chef</MenuLink>
          </>
        ) : null}
        <DropdownMenu.Item className={itemClass} onSelect={() => notifyInfo('🚧 Préférences : Bientôt disponible !')}>
          Préférences
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}
