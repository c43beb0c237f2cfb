import {
  type CoinGiftInput,
  type CoinSettings,
  gamificationRoutes,
  type OrderListQuery,
  PRODUCT_PHOTO,
  type ProductInput,
  type ProductListQuery,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { ApiError } from '../../shared/api/api-error';
import { uploadWithProgress } from '../../shared/api/file-transfer';
import { useSession } from '../../shared/session/use-session';

/** Issue 21's calls (contracts `gamificationRoutes`), each cached under the one key of its domain. */

export const gamificationKey = ['gamification'] as const;
const productsKey = [...gamificationKey, 'products'] as const;
const settingsKey = [...gamificationKey, 'settings'] as const;
const ordersKey = [...gamificationKey, 'orders'] as const;
const coinsKey = (studentId: number) => [...gamificationKey, 'coins', studentId] as const;
const groupCoinsKey = [...gamificationKey, 'group'] as const;
const shopKey = [...gamificationKey, 'shop'] as const;

export const PRODUCTS_PER_PAGE = 20;
export const ORDERS_PER_PAGE = 20;
export const COIN_ENTRIES_PER_PAGE = 10;

/** Whether the company has turned gamification on (spec §1): the coin column, tab and menu show only then. */
export const useGamificationOn = (): boolean => useSession().company?.datas.gamification ?? false;

/** GET /gamification/products: a page of the shop panel's products. */
export const useProducts = (query: ProductListQuery) =>
  useQuery({
    queryKey: [...productsKey, query],
    queryFn: () => api(gamificationRoutes.products, { query: { ...query, per_page: PRODUCTS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** Adding, changing (archiving is a change of status) and deleting products; the list is read again after each. */
export function useProductWrites() {
  const queryClient = useQueryClient();
  const reread = () => queryClient.invalidateQueries({ queryKey: productsKey });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProductInput }) =>
      id === null
        ? api(gamificationRoutes.createProduct, { body })
        : api(gamificationRoutes.updateProduct, { params: { id }, body }),
    onSuccess: reread,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(gamificationRoutes.deleteProduct, { params: { id } }),
    onSuccess: reread,
  });
  return { save, remove };
}

/** The browser's own check of a photo before a byte is sent, worded as the server would refuse it. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): ApiError | null {
  if (!(PRODUCT_PHOTO.types as readonly string[]).includes(file.type))
    return new ApiError(415, 'image_type_refused', '');
  if (file.size > PRODUCT_PHOTO.maxBytes) return new ApiError(413, 'image_too_large', '');
  return null;
}

/** POST /gamification/photo (multipart, field `file`) with its progress: the stored photo's address. */
export function uploadProductPhoto(file: File, onProgress: (percent: number) => void): Promise<string> {
  const problem = photoProblem(file);
  if (problem) return Promise.reject(problem);
  return uploadWithProgress<{ address: string }>(gamificationRoutes.uploadPhoto.path, {}, file, onProgress).then(
    (photo) => photo.address,
  );
}

/** GET /gamification/settings: the coin rules. */
export const useCoinSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api(gamificationRoutes.settings) });

export function useSaveCoinSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoinSettings) => api(gamificationRoutes.saveSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** GET /gamification/orders: a page of the orders of the caller's branches. */
export const useOrders = (query: OrderListQuery) =>
  useQuery({
    queryKey: [...ordersKey, 'list', query],
    queryFn: () => api(gamificationRoutes.orders, { query: { ...query, per_page: ORDERS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** GET /gamification/orders/choices: the products and responsible staff the filters offer. */
export const useOrderChoices = () =>
  useQuery({ queryKey: [...ordersKey, 'choices'], queryFn: () => api(gamificationRoutes.orderChoices) });

/**
 * Handing an order over (with the student's code) or cancelling it. The orders and their choices are read again
 * after either — and after a wrong code too, which may have locked the order.
 */
export function useOrderMoves() {
  const queryClient = useQueryClient();
  const reread = () => queryClient.invalidateQueries({ queryKey: ordersKey });
  const confirm = useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      api(gamificationRoutes.confirmOrder, { params: { id }, body: { code } }),
    onSettled: reread,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => api(gamificationRoutes.cancelOrder, { params: { id } }),
    onSettled: reread,
  });
  return { confirm, cancel };
}

/** GET /gamification/coins/{id}: a student's balance and a page of its history. */
export const useCoinAccount = (studentId: number, page: number) =>
  useQuery({
    queryKey: [...coinsKey(studentId), page],
    queryFn: () =>
      api(gamificationRoutes.coins, {
        params: { id: studentId },
        query: { page, per_page: COIN_ENTRIES_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

/** POST /gamification/coins/{id}: an employee gives (or takes) coins; the student's history and columns follow. */
export function useGiveCoins(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoinGiftInput) => api(gamificationRoutes.giveCoins, { params: { id: studentId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coinsKey(studentId) }),
        queryClient.invalidateQueries({ queryKey: groupCoinsKey }),
      ]),
  });
}

/** GET /gamification/group/{id}/coins as a map student id → balance, for the group page's coin column. */
export function useGroupCoins(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...groupCoinsKey, groupId],
    queryFn: () => api(gamificationRoutes.groupCoins, { params: { id: groupId } }),
    select: (answer) => new Map(answer.balances.map((row) => [row.student_id, row.balance])),
    enabled,
  });
}

/** GET /gamification/shop: the student's balance, the products he may order and his orders. */
export const useStudentShop = () => useQuery({ queryKey: shopKey, queryFn: () => api(gamificationRoutes.shop) });

/** The student orders or takes back an order: his shop and his coin history are read again. */
export function useShopOrders(studentId: number) {
  const queryClient = useQueryClient();
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shopKey }),
      queryClient.invalidateQueries({ queryKey: coinsKey(studentId) }),
    ]);
  const place = useMutation({
    mutationFn: (productId: number) => api(gamificationRoutes.placeOrder, { body: { product_id: productId } }),
    onSuccess: reread,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => api(gamificationRoutes.cancelMyOrder, { params: { id } }),
    onSuccess: reread,
  });
  return { place, cancel };
}
