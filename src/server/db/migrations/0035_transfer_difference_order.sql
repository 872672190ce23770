ALTER TABLE "reservation_transfers" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD COLUMN "hold_reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD CONSTRAINT "reservation_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_transfers" ADD CONSTRAINT "reservation_transfers_hold_reservation_id_reservations_id_fk" FOREIGN KEY ("hold_reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_transfers_order_uq" ON "reservation_transfers" USING btree ("order_id");