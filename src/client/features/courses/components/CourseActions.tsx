// The course's price and its one way forward, both from the viewer's entitlement (shared/entitlements.ts,
// computed by the server): what a person has reads « Inclus dans votre abonnement » / « Acheté », never
// a price; a live class for sale is booked (session picker), a recorded one goes in the cart; what only
// a membership opens offers only the membership; what cannot be delivered yet reads « Bientôt disponible ».
// Booking and the cart need an account (spec §5): a visitor gets the sign-in dialog instead, and what
// they pressed is carried out once signed in (pending-action.ts).
import { CalendarCheck, CircleCheck, Clock, Crown, ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '@shared/format';
import type { IncludedReason } from '@shared/entitlements';
import type { CourseDetail } from '@shared/schemas/public';
import { rememberPendingAction, takePendingAction, useAuth, useAuthDialog, type PendingAction } from '@client/app/auth';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { entitlementLabel } from '../price';

export function CoursePrice({ course }: { course: CourseDetail }) {
  const e = course.entitlement;
  if (e.status === 'for_sale' && e.discountPercent !== null) {
    return (
      <div>
        <p className="text-3xl font-semibold text-brand-800">{formatPrice(e.priceCents)}</p>
        <p className="mt-1 text-sm text-muted">
          Prix abonné (−{e.discountPercent} %) au lieu de <s>{formatPrice(e.listPriceCents)}</s>
        </p>
      </div>
    );
  }
  return (
    <p className={e.status === 'for_sale' ? 'text-3xl font-semibold text-brand-800' : 'text-2xl font-semibold text-ink'}>
      {entitlementLabel(e)}
    </p>
  );
}

function includedNote(reason: IncludedReason, isLive: boolean): string {
  switch (reason) {
    case 'free':
      return 'Ouvert à tous, sans achat.';
    case 'purchased':
      return 'Vous avez acheté ce cours.';
    case 'membership':
      return isLive ? 'Compris dans votre abonnement.' : 'Regardez-le ici, autant de fois que vous le voulez.';
    default:
      return isLive ? 'Aucune réservation à faire.' : 'Vous pouvez regarder la vidéo ici.';
  }
}

export function CourseActions({ course }: { course: CourseDetail }) {
  const { status, user } = useAuth();
  const authDialog = useAuthDialog();
  const navigate = useNavigate();
  const e = course.entitlement;

  // The cart's code loads on the first press: it stays out of this public page's first load.
  const addToCart = async () => {
    if (!user) return signInFirst({ kind: 'add-to-cart', courseId: course.id });
    const { addCourseToCart } = await import('@client/features/cart');
    addCourseToCart(course, () => navigate('/panier'));
  };
  const signInFirst = (action: PendingAction) => {
    rememberPendingAction(action);
    authDialog.open('login');
  };
  // Signed in after pressing « Réserver » or « Ajouter au panier »: done now.
  useEffect(() => {
    if (!user) return;
    if (takePendingAction('book')?.courseId === course.id) navigate(`/booking/${course.id}`);
    else if (takePendingAction('add-to-cart')?.courseId === course.id) void addToCart();
    // Looked at when the person signs in (user) or the course changes; addToCart is this render's.
  }, [user, course.id]);

  switch (e.status) {
    case 'included':
      // The price line above already says « Inclus dans votre abonnement » / « Acheté »: this says what it gives.
      return (
        <div className="flex flex-col gap-2">
          <p className="flex items-center justify-center gap-2 text-center font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            {includedNote(e.reason, course.isLive)}
          </p>
          {e.reason === 'purchased' ? (
            <ButtonLink to="/mes-achats" size="lg" variant="secondary" className="w-full">
              Voir mes achats
            </ButtonLink>
          ) : null}
        </div>
      );

    case 'subscribers_only':
      return (
        <div className="flex flex-col gap-2">
          <ButtonLink to="/abonnement" size="lg" className="h-auto! min-h-11 w-full py-2.5! text-center leading-tight">
            <Crown aria-hidden="true" className="size-5 shrink-0" />
            S'abonner — {formatPrice(e.membershipPriceCents)}&nbsp;par mois
          </ButtonLink>
          <p className="text-center text-sm text-muted">L'abonnement ouvre ce cours, tous les cours enregistrés et les recettes exclusives.</p>
        </div>
      );

    case 'coming_soon':
      return (
        <p className="flex items-center justify-center gap-2 text-center text-sm text-muted">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {course.isLive ? 'Aucune séance ouverte à la réservation pour le moment.' : 'La vidéo de ce cours arrive bientôt.'}
        </p>
      );

    case 'for_sale':
      // A live class is booked seat by seat (the session picker), never put in the cart.
      return course.isLive ? (
        <Button
          size="lg"
          className="w-full"
          disabled={status === 'loading'}
          onClick={() => (user ? navigate(`/booking/${course.id}`) : signInFirst({ kind: 'book', courseId: course.id }))}
        >
          <CalendarCheck aria-hidden="true" className="size-5" />
          Réserver
        </Button>
      ) : (
        <Button size="lg" className="w-full" disabled={status === 'loading'} onClick={() => void addToCart()}>
          <ShoppingCart aria-hidden="true" className="size-5" />
          Ajouter au panier
        </Button>
      );
  }
}
