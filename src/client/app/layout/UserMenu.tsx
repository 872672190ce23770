// The avatar menu of a signed-in user (spec: Layout): name and e-mail, the account pages, Espace
// Abonné for subscribers, the admin's pages and fixed chef avatar, Préférences (the e-mails wanted) and
// Se déconnecter. Loaded lazily: visitors never download it.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import chefAvatarUrl from '@client/assets/chef-avatar.svg';
import { Spinner } from '@client/components/ui/Spinner';
import type { AuthUser } from '../auth';
import { useSignOut } from '../auth/use-sign-out';

const itemClass =
  'flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';

export default function UserMenu({ user }: { user: AuthUser }) {
  const { signOut, signingOut } = useSignOut();
  const initial = user.fullName.trim().charAt(0).toUpperCase() || '?';
  // Spec: the admin's avatar is a fixed chef image, whatever photo the account has.
  const avatar = user.role === 'admin' ? chefAvatarUrl : user.avatarUrl;
  return (
    // Not modal and not portalled: the page stays readable to assistive tech while the menu is open,
    // and the menu sits inside the header's landmark.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Menu du compte de ${user.fullName}`}
        className="inline-flex size-10 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-2 ring-transparent hover:ring-brand-600"
      >
        {avatar ? <img src={avatar} alt="" width={40} height={40} className="size-full object-cover" /> : initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className="z-50 min-w-60 max-w-[calc(100vw-1rem)] rounded-2xl border border-line bg-white p-2 shadow-xl"
      >
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
        {user.role === 'chef' ? <MenuLink to="/mes-seances">Mes séances</MenuLink> : null}
        {user.role === 'admin' ? (
          <>
            <MenuLink to="/admin">Tableau de Bord Admin</MenuLink>
            <MenuLink to="/admin/commandes">Commandes</MenuLink>
            <MenuLink to="/mon-profil-chef">Mon profil de chef</MenuLink>
          </>
        ) : null}
        <MenuLink to="/preferences">Préférences</MenuLink>
        <DropdownMenu.Separator className="my-1 h-px bg-line" />
        <DropdownMenu.Item className={itemClass} disabled={signingOut} onSelect={() => void signOut()}>
          {signingOut ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" className="size-4" />}
          Se déconnecter
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
