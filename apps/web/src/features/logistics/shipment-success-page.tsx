/** /shipments/request/success — the shipment request was accepted. */
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { SuccessCard } from '../../shared/ui/success-card';

export function ShipmentSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <SuccessCard
      title={id ? `Заявка П-${id} отправлена` : 'Заявка отправлена'}
      text="Менеджер проверит заявку и подтвердит дату отгрузки. Статус заявки виден в списке отгрузок."
      primary={{ to: paths.shipments, label: 'К списку отгрузок' }}
      secondary={{ to: paths.shipmentRequest, label: 'Ещё одна заявка' }}
    />
  );
}
