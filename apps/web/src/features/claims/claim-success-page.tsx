/** /claims/success — the claim was accepted. */
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { SuccessCard } from '../../shared/ui/success-card';

export function ClaimSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <SuccessCard
      title="Рекламация отправлена"
      text={`${id ? `Рекламация Р-${id} принята. ` : ''}Менеджер зарегистрирует её и сообщит решение — статус и история видны в списке рекламаций.`}
      primary={{ to: paths.claims, label: 'К списку рекламаций' }}
      secondary={{ to: paths.claimRequest, label: 'Ещё одна рекламация' }}
    />
  );
}
