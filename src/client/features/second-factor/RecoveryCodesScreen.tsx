// The ten recovery codes, shown this once: copied or downloaded, and their keeping acknowledged
// before the admin area opens.
import { useEffect, useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { Button } from '@client/components/ui/Button';
import { SecondFactorFrame } from './SecondFactorFrame';

export function RecoveryCodesScreen({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [kept, setKept] = useState(false);
  // The screen replaces the enrolment form, further down the page: its title first.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = `Codes de récupération Toque (administration)\nChaque code ne sert qu'une fois.\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'toque-codes-de-recuperation.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <SecondFactorFrame
      title="Conservez vos codes de récupération"
      intro="Si vous perdez votre téléphone, un de ces codes remplace le code de l'application, une seule fois chacun. Gardez-les en lieu sûr (gestionnaire de mots de passe, papier rangé) : ils ne seront plus jamais affichés."
    >
      <ul aria-label="Codes de récupération" className="grid grid-cols-2 gap-2 rounded-xl bg-cream p-4 font-mono text-base text-ink sm:grid-cols-2 sm:text-lg">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'yes' ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          Copier
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-muted">
        {copied === 'yes' ? 'Codes copiés.' : copied === 'failed' ? 'La copie a échoué : sélectionnez les codes ou téléchargez-les.' : ''}
      </p>
      <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink">
        <input type="checkbox" className="size-5 accent-brand-700" checked={kept} onChange={(e) => setKept(e.target.checked)} />
        J'ai conservé mes codes de récupération
      </label>
      <Button size="lg" className="mt-4" disabled={!kept} onClick={onDone}>
        Continuer vers l'administration
      </Button>
    </SecondFactorFrame>
  );
}
